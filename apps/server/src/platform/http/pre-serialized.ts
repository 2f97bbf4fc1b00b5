/**
 * The `data` of a success envelope already written as JSON (a cached result answered again): the app
 * sends it as is instead of validating and serializing the same object on every request. The whole
 * envelope is encoded to UTF-8 once per language and kept, so a repeat of a 3 MB answer is a buffer
 * handed to the socket.
 */
export class PreSerialized {
  private readonly envelopes = new Map<string, Buffer>();

  constructor(readonly json: string) {}

  /** The success envelope with this data and `msg`, as bytes (built once per message). */
  envelope(msg: string): Buffer {
    let bytes = this.envelopes.get(msg);
    if (!bytes) {
      bytes = Buffer.from(`{"code":200,"msg":${JSON.stringify(msg)},"data":${this.json}}`);
      this.envelopes.set(msg, bytes);
    }
    return bytes;
  }
}
