export function tilePng(): Buffer;
export function startTileServer(): Promise<{
  url: string;
  template: string;
  state: { requests: number };
  close(): Promise<void>;
}>;
export function startGeocoder(): Promise<{ url: string; queries: string[]; close(): Promise<void> }>;
