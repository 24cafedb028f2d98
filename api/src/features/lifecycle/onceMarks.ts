import type { Database } from '../../db/client';
import { lifecycleMarks } from '../../db/schema';

/** Claims a once-only key in the transaction; false when it was claimed before. */
export async function claim(tx: Database, key: string, now: Date): Promise<boolean> {
  const [row] = await tx.insert(lifecycleMarks).values({ key, createdAt: now }).onConflictDoNothing().returning({ key: lifecycleMarks.key });
  return row !== undefined;
}
