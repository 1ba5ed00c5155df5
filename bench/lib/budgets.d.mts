/** Types for budgets.mjs: the browser bundles' size budgets (gzip -9, bytes). */
export declare const CATALOGUE_LOCALES: string[];
export declare const WIDGET_BUDGETS: {
  iife: number;
  inline: number;
  partChunks: Record<string, number>;
  partScripts: Record<string, number>;
};
export declare const PART_WHEN: Record<string, string>;
