import { createSigner, createVerifier } from 'fast-jwt';

/** What a session token carries: the user and the token version it was issued for. */
export interface TokenClaims {
  sub: string;
  ver: number;
}

export interface TokenService {
  sign(claims: TokenClaims): string;
  /** The claims of a valid token, or null for anything else (bad signature, algorithm, expiry, shape). */
  verify(token: string): TokenClaims | null;
}

/** Session tokens live 7 days (docs/product.md#accounts). */
export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** JWT HS256 with the algorithm pinned on both sides, so `alg: none` or RS/HS confusion is refused. */
export function createTokenService(secret: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_TTL_MS });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 10_000 });
  return {
    sign: (claims) => signer({ sub: claims.sub, ver: claims.ver }),
    verify: (token) => {
      try {
        const payload = verifier(token) as Partial<TokenClaims>;
        if (typeof payload.sub !== 'string' || !Number.isInteger(payload.ver)) return null;
        return { sub: payload.sub, ver: payload.ver as number };
      } catch {
        return null;
      }
    },
  };
}
