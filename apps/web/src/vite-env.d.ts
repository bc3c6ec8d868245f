/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Overrides the contract's default API version sent in `X-Api-Version`. */
  readonly VITE_API_VERSION?: string;
  /** 'true' shows the migration notice instead of the app. */
  readonly VITE_MIGRATION_NOTICE?: string;
  /** The new address the migration notice links to. */
  readonly VITE_MIGRATION_URL?: string;
  /** The phrase that lets a visitor keep using this site for a day. */
  readonly VITE_MIGRATION_SECRET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
