import type { Plugin } from 'vite';

/**
 * The first script (renderer/main.tsx) sends the first screen's calls, then imports the app
 * (renderer/mountApp.tsx). Listing the app's scripts and styles in index.html as well lets the browser
 * fetch and compile them while the first script runs, instead of only once it asks for them (the import
 * then applies the styles, already loaded, before the app is shown).
 */
export function preloadApp(entry = 'mountApp.tsx'): Plugin {
  return {
    name: 'touchstone-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.facadeModuleId?.endsWith(`/${entry}`));
        if (!app) throw new Error(`preload-app: no chunk for ${entry}`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (scripts.has(fileName)) return;
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (!chunk) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(app.fileName);
        const present = (file: string) => html.includes(`/${file}"`);
        const tags = [
          // preload, not stylesheet: a stylesheet in the head would hold the first script back until it loaded
          ...[...styles].filter((f) => !present(f)).map((f) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${f}` }, injectTo: 'head' as const })),
          ...[...scripts].filter((f) => !present(f)).map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${f}` }, injectTo: 'head' as const })),
        ];
        return { html, tags };
      },
    },
  };
}
