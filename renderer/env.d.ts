/** Vite bundles the CSS files the renderer imports for their side effect. */
declare module '*.css';
