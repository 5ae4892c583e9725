import { toAppUrl } from "./protocol.ts";

export interface FrameRecord {
  url: string;
  parentId: string | null;
  name: string;
}

export interface FrameSource {
  frameRecord(id: string): FrameRecord | undefined;
  frameMain(id: string): WebFrameMain | null;
  childFrameIds(id: string): string[];
}

/** WebFrameMain: one object per frame (so `frame === webContents.mainFrame` holds), read from DevTools' frame tree. */
export class WebFrameMain {
  private readonly source: FrameSource;
  readonly frameId: string;
  readonly routingId: number;

  constructor(source: FrameSource, frameId: string, routingId: number) {
    this.source = source;
    this.frameId = frameId;
    this.routingId = routingId;
  }

  get url(): string {
    return toAppUrl(this.source.frameRecord(this.frameId)?.url ?? "");
  }

  get origin(): string {
    try {
      const url = new URL(this.url);
      return url.origin === "null" ? `${url.protocol}//${url.host}` : url.origin;
    } catch {
      return "null";
    }
  }

  get name(): string {
    return this.source.frameRecord(this.frameId)?.name ?? "";
  }

  get processId(): number {
    return 1;
  }

  get parent(): WebFrameMain | null {
    const parentId = this.source.frameRecord(this.frameId)?.parentId ?? null;
    return parentId === null ? null : this.source.frameMain(parentId);
  }

  get top(): WebFrameMain {
    return this.parent?.top ?? this;
  }

  get frames(): WebFrameMain[] {
    return this.source
      .childFrameIds(this.frameId)
      .map((id) => this.source.frameMain(id))
      .filter((frame): frame is WebFrameMain => frame !== null);
  }

  isDestroyed(): boolean {
    return this.source.frameRecord(this.frameId) === undefined;
  }
}
