import { base64 } from '@scure/base';

/**
 * An unsigned SOL transfer (legacy message, recent blockhash from the node) in base64 wire
 * format, ready for `solana_signTransaction` / `solana_signAndSendTransaction`.
 */
export async function createSolTransfer(input: { rpcUrl: string; from: string; to: string; lamports: number | bigint }): Promise<string> {
  const { Connection, PublicKey, SystemProgram, Transaction } = await import('@solana/web3.js');
  const connection = new Connection(input.rpcUrl, 'confirmed');
  const from = new PublicKey(input.from);
  const { blockhash } = await connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: new PublicKey(input.to), lamports: BigInt(input.lamports) }));
  return base64.encode(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
}
