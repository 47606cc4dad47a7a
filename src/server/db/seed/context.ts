import type { Db, Tx } from '../client';
import type { Random } from './random';

/** What every part of the seed needs: the transaction, its own random stream, the clock and the shared hash. */
export interface SeedContext {
  db: Db | Tx;
  random: Random;
  now: Date;
  /** argon2id of the demo password, hashed once (argon2 is deliberately slow) and shared by seeded users. */
  passwordHash: string;
}
