// The page's stylesheet is imported for esbuild, which emits it as page.css.
declare module '*.css';
