export function docPages(root?: string): string[];
export function pageHead(markdown: string): { title: string; summary: string };
export function buildLlms(root?: string): { llms: string; full: string };
export function writeLlms(root?: string): void;
