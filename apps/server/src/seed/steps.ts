/** The seed steps features add after the accounts exist, in order. */
import type { AppContext } from '../context';
import type { SeededPeople } from './accounts';
import { chatSeed } from './chat';
import { peopleSeed } from './people';
import { postsSeedStep } from './posts';
import { storiesSeedStep } from './stories';

export interface SeedStep {
  name: string;
  run(ctx: AppContext, people: SeededPeople, log: (msg: string) => void): Promise<void>;
}

// Friendships first: the steps after it show content to friends.
export const seedSteps: SeedStep[] = [peopleSeed, postsSeedStep, storiesSeedStep, chatSeed];
