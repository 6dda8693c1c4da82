import { describe, expect, it } from "vitest";
import { listeningText } from "./listen-text";

describe("listeningText", () => {
  it("prints localhost, where passkeys work, for loopback and every-address listeners", () => {
    expect(listeningText("http://127.0.0.1:5001")).toBe(
      "Server listening at http://localhost:5001",
    );
    expect(listeningText("http://[::1]:5001")).toBe("Server listening at http://localhost:5001");
    expect(listeningText("http://0.0.0.0:5001")).toBe("Server listening at http://localhost:5001");
    expect(listeningText("http://[::]:5001")).toBe("Server listening at http://localhost:5001");
  });

  it("prints any other address as it is", () => {
    expect(listeningText("http://192.168.1.10:5001")).toBe(
      "Server listening at http://192.168.1.10:5001",
    );
    expect(listeningText("/run/quartermaster.sock")).toBe(
      "Server listening at /run/quartermaster.sock",
    );
  });
});
