;; Decoding of a chunk's stored values (timeseries/chunk.ts, SHUFFLED_LZ4) in WebAssembly with SIMD
;; (issue 43): an LZ4 block decoder and the byte-plane unshuffle, sixteen values a step. Assembled into
;; values-codec.wasm by `node scripts/wat2wasm.mjs` (wabt, pinned); values-codec.test.ts re-assembles
;; this file and checks that the committed bytes are its assembly. values-codec.ts loads the bytes.
;;
;; The caller (values-codec.ts) copies the compressed block into this memory, lays out the regions and
;; leaves room after each: 32 readable bytes after the input, 32 writable after the planes (wild copies
;; write whole 16-byte vectors), 64 after the unshuffled words (the last step writes sixteen values).
(module
  (memory (export "memory") 1)
  ;; Bytes 0–511 hold two tables; the regions the caller lays out start at $heap.
  (global (export "heap") i32 (i32.const 512))
  ;; At 16·d, for a match offset d of 1 to 15: the byte indices j mod d (j = 0 … 15), which spread the d
  ;; bytes of a repeating pattern over a whole vector (i8x16.swizzle).
  (data (i32.const 16)
    "\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00" ;; 1
    "\00\01\00\01\00\01\00\01\00\01\00\01\00\01\00\01" ;; 2
    "\00\01\02\00\01\02\00\01\02\00\01\02\00\01\02\00" ;; 3
    "\00\01\02\03\00\01\02\03\00\01\02\03\00\01\02\03" ;; 4
    "\00\01\02\03\04\00\01\02\03\04\00\01\02\03\04\00" ;; 5
    "\00\01\02\03\04\05\00\01\02\03\04\05\00\01\02\03" ;; 6
    "\00\01\02\03\04\05\06\00\01\02\03\04\05\06\00\01" ;; 7
    "\00\01\02\03\04\05\06\07\00\01\02\03\04\05\06\07" ;; 8
    "\00\01\02\03\04\05\06\07\08\00\01\02\03\04\05\06" ;; 9
    "\00\01\02\03\04\05\06\07\08\09\00\01\02\03\04\05" ;; 10
    "\00\01\02\03\04\05\06\07\08\09\0a\00\01\02\03\04" ;; 11
    "\00\01\02\03\04\05\06\07\08\09\0a\0b\00\01\02\03" ;; 12
    "\00\01\02\03\04\05\06\07\08\09\0a\0b\0c\00\01\02" ;; 13
    "\00\01\02\03\04\05\06\07\08\09\0a\0b\0c\0d\00\01" ;; 14
    "\00\01\02\03\04\05\06\07\08\09\0a\0b\0c\0d\0e\00" ;; 15
  )
  ;; At 256 + d: the longest step, a multiple of d, that such a vector can be stored at (16 − 16 mod d).
  (data (i32.const 257) "\10\10\0f\10\0f\0c\0e\10\09\0a\0b\0c\0d\0e\0f")

  ;; Decodes the LZ4 block at [$ip, $ip + $srcLen) into [$op, $op + $dstLen). Returns the decoded length
  ;; (the caller checks it is $dstLen), or -1 when the block is malformed: an offset before the output's
  ;; start, a length past the end of the input or the output, or a block cut short.
  (func (export "lz4") (param $ip i32) (param $srcLen i32) (param $op i32) (param $dstLen i32) (result i32)
    (local $ie i32) (local $dst i32) (local $oe i32) (local $token i32) (local $len i32) (local $byte i32)
    (local $offset i32) (local $match i32) (local $end i32) (local $step i32) (local $pattern v128)
    (local.set $ie (i32.add (local.get $ip) (local.get $srcLen)))
    (local.set $dst (local.get $op))
    (local.set $oe (i32.add (local.get $op) (local.get $dstLen)))
    (loop $sequence
      (if (i32.ge_u (local.get $ip) (local.get $ie)) (then (return (i32.const -1))))
      (local.set $token (i32.load8_u (local.get $ip)))
      (local.set $ip (i32.add (local.get $ip) (i32.const 1)))
      ;; Literals: the token's high nibble, 15 meaning "more bytes follow, each added, until one is not 255".
      (local.set $len (i32.shr_u (local.get $token) (i32.const 4)))
      (if (i32.eq (local.get $len) (i32.const 15))
        (then
          (loop $more
            (if (i32.ge_u (local.get $ip) (local.get $ie)) (then (return (i32.const -1))))
            (local.set $byte (i32.load8_u (local.get $ip)))
            (local.set $ip (i32.add (local.get $ip) (i32.const 1)))
            (local.set $len (i32.add (local.get $len) (local.get $byte)))
            (br_if $more (i32.eq (local.get $byte) (i32.const 255))))))
      (if (i32.or
            (i32.gt_u (local.get $len) (i32.sub (local.get $ie) (local.get $ip)))
            (i32.gt_u (local.get $len) (i32.sub (local.get $oe) (local.get $op))))
        (then (return (i32.const -1))))
      (if (i32.le_u (local.get $len) (i32.const 32))
        (then
          (v128.store (local.get $op) (v128.load (local.get $ip)))
          (v128.store offset=16 (local.get $op) (v128.load offset=16 (local.get $ip))))
        (else (memory.copy (local.get $op) (local.get $ip) (local.get $len))))
      (local.set $ip (i32.add (local.get $ip) (local.get $len)))
      (local.set $op (i32.add (local.get $op) (local.get $len)))
      ;; The last sequence is literals only.
      (if (i32.eq (local.get $ip) (local.get $ie))
        (then (return (i32.sub (local.get $op) (local.get $dst)))))
      ;; The match: two bytes of offset back into the output, then its length (low nibble + 4, extended alike).
      (if (i32.lt_u (i32.sub (local.get $ie) (local.get $ip)) (i32.const 2)) (then (return (i32.const -1))))
      (local.set $offset (i32.load16_u (local.get $ip)))
      (local.set $ip (i32.add (local.get $ip) (i32.const 2)))
      (if (i32.or
            (i32.eqz (local.get $offset))
            (i32.gt_u (local.get $offset) (i32.sub (local.get $op) (local.get $dst))))
        (then (return (i32.const -1))))
      (local.set $len (i32.and (local.get $token) (i32.const 15)))
      (if (i32.eq (local.get $len) (i32.const 15))
        (then
          (loop $more
            (if (i32.ge_u (local.get $ip) (local.get $ie)) (then (return (i32.const -1))))
            (local.set $byte (i32.load8_u (local.get $ip)))
            (local.set $ip (i32.add (local.get $ip) (i32.const 1)))
            (local.set $len (i32.add (local.get $len) (local.get $byte)))
            (br_if $more (i32.eq (local.get $byte) (i32.const 255))))))
      (local.set $len (i32.add (local.get $len) (i32.const 4)))
      (if (i32.gt_u (local.get $len) (i32.sub (local.get $oe) (local.get $op))) (then (return (i32.const -1))))
      (local.set $match (i32.sub (local.get $op) (local.get $offset)))
      (local.set $end (i32.add (local.get $op) (local.get $len)))
      (if (i32.ge_u (local.get $offset) (i32.const 16))
        (then
          ;; Source and destination 16 or more apart: whole vectors (the last may write past the end).
          (loop $copy
            (v128.store (local.get $op) (v128.load (local.get $match)))
            (local.set $op (i32.add (local.get $op) (i32.const 16)))
            (local.set $match (i32.add (local.get $match) (i32.const 16)))
            (br_if $copy (i32.lt_u (local.get $op) (local.get $end)))))
        (else
          ;; A pattern of $offset bytes repeating (runs of one exponent byte and the like): spread
          ;; over a vector once, stored at steps of a multiple of $offset.
          (local.set $pattern
            (i8x16.swizzle
              (v128.load (local.get $match))
              (v128.load (i32.shl (local.get $offset) (i32.const 4)))))
          (local.set $step (i32.load8_u offset=256 (local.get $offset)))
          (loop $repeat
            (v128.store (local.get $op) (local.get $pattern))
            (local.set $op (i32.add (local.get $op) (local.get $step)))
            (br_if $repeat (i32.lt_u (local.get $op) (local.get $end))))))
      (local.set $op (local.get $end))
      (br $sequence))
    (i32.const -1))

  ;; Values [$from, $to) of $n Float32 values stored as four byte planes at $planes (every value's lowest
  ;; byte, then the next …) written as whole words at $out, value $from first. Sixteen values a step: a
  ;; vector of each plane, interleaved bytewise (planes 0 with 1, 2 with 3), then those pairs wordwise.
  ;; The last step reads up to 15 bytes past the last plane and writes up to 60 bytes past the end.
  (func (export "unshuffle") (param $planes i32) (param $n i32) (param $out i32) (param $from i32) (param $to i32)
    (local $p i32) (local $end i32) (local $a v128) (local $b v128) (local $c v128) (local $d v128)
    (local $ab v128) (local $cd v128)
    (local.set $p (i32.add (local.get $planes) (local.get $from)))
    (local.set $end (i32.add (local.get $planes) (local.get $to)))
    (if (i32.ge_u (local.get $p) (local.get $end)) (then (return)))
    (loop $step
      (local.set $a (v128.load (local.get $p)))
      (local.set $b (v128.load (i32.add (local.get $p) (local.get $n))))
      (local.set $c (v128.load (i32.add (local.get $p) (i32.shl (local.get $n) (i32.const 1)))))
      (local.set $d (v128.load (i32.add (local.get $p) (i32.mul (local.get $n) (i32.const 3)))))
      ;; Values 0–7: bytes 0 and 1, bytes 2 and 3, then the four bytes of each value.
      (local.set $ab (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $a) (local.get $b)))
      (local.set $cd (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $c) (local.get $d)))
      (v128.store (local.get $out)
        (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $ab) (local.get $cd)))
      (v128.store offset=16 (local.get $out)
        (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $ab) (local.get $cd)))
      ;; Values 8–15.
      (local.set $ab (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $a) (local.get $b)))
      (local.set $cd (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $c) (local.get $d)))
      (v128.store offset=32 (local.get $out)
        (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $ab) (local.get $cd)))
      (v128.store offset=48 (local.get $out)
        (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $ab) (local.get $cd)))
      (local.set $p (i32.add (local.get $p) (i32.const 16)))
      (local.set $out (i32.add (local.get $out) (i32.const 64)))
      (br_if $step (i32.lt_u (local.get $p) (local.get $end)))))
)
