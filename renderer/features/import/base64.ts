/** Bytes per btoa call: a multiple of 3, so the chunks' base64 can simply be joined. */
const CHUNK = 3 * 16 * 1024;

/**
 * Base64 of a byte array, built chunk by chunk (String.fromCharCode.apply on
 * the whole file would overflow the stack). Yields to the event loop every few
 * chunks so a large file never freezes the window.
 */
export async function bytesToBase64(bytes: Uint8Array, yieldEvery = 64): Promise<string> {
  const parts: string[] = [];
  for (let offset = 0, n = 0; offset < bytes.length; offset += CHUNK, n++) {
    const chunk = bytes.subarray(offset, offset + CHUNK);
    let binary = '';
    for (let i = 0; i < chunk.length; i += 8192) {
      binary += String.fromCharCode(...chunk.subarray(i, i + 8192));
    }
    parts.push(btoa(binary));
    if (yieldEvery > 0 && n % yieldEvery === yieldEvery - 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return parts.join('');
}

export async function fileToBase64(file: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()));
}
