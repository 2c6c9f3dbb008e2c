// The build-time settings the SPA reads (Vite's import.meta.env), typed so a misspelt name is a compile error.
interface ImportMetaEnv {
  readonly VITE_CONTACT_EMAIL?: string;
}

// Mantine's styles as the build splits them (scripts/mantine-styles-plugin.ts): a stylesheet, nothing to import.
declare module 'virtual:mantine-styles';
