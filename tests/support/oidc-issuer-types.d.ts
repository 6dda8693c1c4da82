// oidc-provider ships no type declarations; this names the little of it the test issuer uses.
declare module "oidc-provider" {
  import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";

  interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface OidcContext {
    path: string;
    status: number;
    req: IncomingMessage;
    res: ServerResponse;
    redirect(url: string): void;
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      provider: { Grant: new (init: { accountId: string; clientId: string }) => GrantInstance };
    };
  }

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { keys: string[] };
    conformIdTokenClaims?: boolean;
    claims?: Record<string, string[]>;
    features?: Record<string, unknown>;
    pkce?: { required?: () => boolean };
    ttl?: Record<string, number>;
    findAccount?(ctx: OidcContext, sub: string): Promise<Account | undefined>;
    loadExistingGrant?(ctx: OidcContext): Promise<GrantInstance | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    proxy: boolean;
    use(middleware: (ctx: OidcContext, next: () => Promise<void>) => Promise<void>): void;
    callback(): RequestListener;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }
}
