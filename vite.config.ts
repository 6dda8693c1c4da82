import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress";

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "5001"}`;

export default defineConfig({
  root: "src/client",
  publicDir: false,
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod 4 has two @__PURE__ comments Rollup cannot place; it drops them and says so on every
        // build, which would hide a warning that matters.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/"))
          return;
        warn(warning);
      },
      output: {
        // React and the router change far less often than the app, so their chunk stays cached
        // across releases (and keeps the entry chunk under the default size warning).
        manualChunks(id) {
          if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return "react";
          // The icons, one small module each, in one file (6 kB brotli): else a screen's first
          // load asked for a dozen or more tiny files, queued behind the browser's six
          // connections to the server (decision 0067: the dashboard's 31 scripts became 19).
          if (id.includes("/node_modules/lucide-react/")) return "icons";
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
