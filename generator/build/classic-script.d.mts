import type { BuildOptions, InlineConfig, PluginOption } from 'vite';

/** What one sandbox script is built from. */
export interface ClassicScriptOptions {
  /** The entry module, an absolute path. */
  entry: string;
  /** The global the IIFE assigns its exports to. */
  name: string;
  plugins?: PluginOption[];
  rollupOptions?: BuildOptions['rollupOptions'];
}

/** One built classic script: its code, and the files it was built from. */
export interface ClassicScript {
  code: string;
  modules: string[];
}

/** The build options of one sandbox script (an IIFE, ES2022, minified, in memory). */
export function classicScriptConfig(options: ClassicScriptOptions): InlineConfig;

/** Builds one sandbox script; undefined when the build produced no chunk. */
export function bundleClassicScript(options: ClassicScriptOptions): Promise<ClassicScript | undefined>;
