/** A LIKE pattern matching `text` anywhere, with LIKE wildcards escaped so that "100%" means the text "100%". */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
