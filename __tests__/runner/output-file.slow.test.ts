// output-file.test.ts at each property's full number of runs (jest.slow.config.js sets FULL_PROPERTY_RUNS).
import './output-file.test.js';
