// esbuild refuses to load where TextEncoder's output is not the realm's own Uint8Array (its
// invariant check), which is so in a VM context: the context's globals are its own, and Node's
// TextEncoder, which vitest gives it, makes Node's. An encoder that copies its output into the
// context's Uint8Array lets a DOM file that reaches esbuild (to build a bundle, or read a module's
// exports) run in a VM context like the other DOM files, instead of a process of its own.
const NodeTextEncoder = globalThis.TextEncoder;
if (!(new NodeTextEncoder().encode('') instanceof Uint8Array)) {
  globalThis.TextEncoder = class RealmTextEncoder extends NodeTextEncoder {
    override encode(input?: string): Uint8Array<ArrayBuffer> {
      return new Uint8Array(super.encode(input));
    }
  };
}
