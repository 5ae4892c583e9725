/**
 * What electron-updater asks of the app (its AppAdapter interface, which the package does not export): the version
 * being run, where the feed's settings and the staging ID are kept, where downloads wait, and the app's quit.
 */
export interface UpdaterApp {
  readonly version: string;
  readonly name: string;
  readonly isPackaged: boolean;
  /** resources/app-update.yml, written by electron-builder from electron-builder.yml's `publish`. */
  readonly appUpdateConfigPath: string;
  /** Holds `.updaterId`, the installation's ID a staged rollout is decided by. */
  readonly userDataPath: string;
  /** Downloads wait in `<this>/<updaterCacheDirName>/pending`. */
  readonly baseCachePath: string;
  whenReady(): Promise<void>;
  relaunch(): void;
  quit(): void;
  onQuit(handler: (exitCode: number) => void): void;
}
