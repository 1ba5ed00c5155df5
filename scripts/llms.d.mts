export interface LlmsFile {
  /** Relative to dist/llms/, e.g. `docs/server.md`. */
  path: string;
  text: string;
}
export const BUDGET: number;
export function docPages(root?: string): string[];
export function pageHead(markdown: string): { title: string; summary: string };
export function pageFiles(rel: string, markdown: string, budget?: number): LlmsFile[];
export function buildLlms(root?: string, budget?: number): { llms: string; files: LlmsFile[] };
export function writeLlms(root?: string): void;
