// The build-time settings the SPA reads (Vite's import.meta.env), typed so a misspelt name is a compile error.
interface ImportMetaEnv {
  readonly VITE_CONTACT_EMAIL?: string;
}
