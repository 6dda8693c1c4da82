import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { clientChunk } from "./scripts/client-chunks";
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
        // Which file each module goes to: scripts/client-chunks.ts (decisions 0067, 0069).
        manualChunks: clientChunk,
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
