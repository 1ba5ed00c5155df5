// The browser scenarios in WebKit (WebKitGTK MiniBrowser over WebKitWebDriver, webdriverio); see scenarios.ts.
import { engineScenarios } from './scenarios.js';

engineScenarios('webkit');
