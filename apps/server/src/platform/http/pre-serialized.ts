/**
 * The `data` of a success envelope already written as JSON (a cached result answered again): the app
 * sends it as is instead of validating and serializing the same object on every request.
 */
export class PreSerialized {
  constructor(readonly json: string) {}
}
