// properties.test.ts at each property's full number of runs (jest.slow.config.js sets FULL_PROPERTY_RUNS).
import './properties.test.js';
