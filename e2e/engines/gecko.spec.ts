// The browser scenarios in Gecko (Firefox ESR over WebDriver BiDi, puppeteer-core); see scenarios.ts.
import { engineScenarios } from './scenarios.js';

engineScenarios('gecko');
