// The browser scenarios in Chromium (Playwright); see scenarios.ts.
import { engineScenarios } from './scenarios.js';

engineScenarios('chromium');
