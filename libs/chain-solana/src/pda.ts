import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';

/** Whether 32 bytes are a point of ed25519 (a program-derived address must not be). */
function isOnCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.ExtendedPoint.fromHex(bytes);
    return true;
  } catch {
    return false;
  }
}

/** `findProgramAddress`: the first bump from 255 down whose SHA-256 of seeds, bump, program and marker is off the curve. */
export async function findProgramAddress(seeds: readonly Uint8Array[], programId: string): Promise<string> {
  const marker = new TextEncoder().encode('ProgramDerivedAddress');
  for (let bump = 255; bump >= 0; bump--) {
    const input = Uint8Array.from([...seeds.flatMap((seed) => [...seed]), bump, ...base58.decode(programId), ...marker]);
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
    if (!isOnCurve(hash)) return base58.encode(hash);
  }
  throw new Error('No program address off the curve');
}

/** Metaplex Token Metadata's program. */
export const METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';

/** The Metaplex metadata account of a mint (seeds: "metadata", the program, the mint). */
export const metadataAddress = (mint: string) => findProgramAddress([new TextEncoder().encode('metadata'), base58.decode(METADATA_PROGRAM), base58.decode(mint)], METADATA_PROGRAM);
