// The words guard of words.test.ts over every scenario its sample leaves out (helpers/words-guard.ts).
import { SAMPLE } from '../helpers/words-guard.js';
import { sweepWords } from '../helpers/words-sweep.js';

sweepWords((scenario) => !SAMPLE.has(scenario));
