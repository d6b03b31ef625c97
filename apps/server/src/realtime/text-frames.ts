/**
 * Unmasked WebSocket text frames (RFC 6455 §5.2), as a server sends them: one FIN text frame per
 * message, back to back in one buffer. Server frames carry no mask, so the same bytes serve every
 * client of a room.
 */
export function encodeTextFrames(messages: readonly Buffer[]): Buffer {
  let size = 0;
  for (const payload of messages) size += headerLength(payload.length) + payload.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const payload of messages) {
    out[at++] = 0x81; // FIN + opcode 1 (text)
    const length = payload.length;
    if (length < 126) {
      out[at++] = length;
    } else if (length < 65_536) {
      out[at++] = 126;
      out.writeUInt16BE(length, at);
      at += 2;
    } else {
      out[at++] = 127;
      out.writeBigUInt64BE(BigInt(length), at);
      at += 8;
    }
    at += payload.copy(out, at);
  }
  return out;
}

function headerLength(length: number): number {
  if (length < 126) return 2;
  return length < 65_536 ? 4 : 10;
}
