/** The seed steps features add after the accounts exist, in order. */
import type { AppContext } from '../context';
import type { SeededPeople } from './accounts';
import { storiesSeedStep } from './stories';

export interface SeedStep {
  name: string;
  run(ctx: AppContext, people: SeededPeople, log: (msg: string) => void): Promise<void>;
}

export const seedSteps: SeedStep[] = [storiesSeedStep];
