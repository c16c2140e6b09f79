// What checking an access token costs mcpkit's resource server, measured in this process: a
// JWT's full verification (ES256 signature, claims) against the issuer's keys once they are
// fetched and cached, and the lookup a token costs once the verifier has verified it (what a
// client sending the same token on every request, as clients do, costs from its second
// request). Processor time of the whole process per token, so the signature check's time on
// Node's crypto threads counts too.
import { jwtVerifier, type TokenRequest } from 'mcpkit/auth';
import { FIGURES } from '../targets.js';
import type { Figure } from '../figure.js';
import type { BenchOptions } from '../options.js';
import { measure, type Sample } from '../measure.js';
import { startBenchIssuer } from '../servers/jwt-issuer.js';

const RESOURCE = 'http://127.0.0.1:1/mcp';

export async function jwtVerificationFigures(options: BenchOptions): Promise<Figure[]> {
  const issuer = await startBenchIssuer();
  try {
    const token = await issuer.token(RESOURCE);
    const request: TokenRequest = {
      resource: RESOURCE,
      scheme: 'bearer',
      method: 'POST',
      url: RESOURCE,
      header: () => undefined,
    };
    const sample = async (cacheMaxEntries: number): Promise<Sample> => {
      const verify = jwtVerifier({ issuer: issuer.issuer, jwksUri: issuer.jwksUri, cacheMaxEntries });
      const once = async (): Promise<number> => {
        const auth = await verify(token, request);
        return auth !== undefined && 'subject' in auth && auth.subject === 'bench-user' ? 0 : 1;
      };
      let errors = 0;
      // The key set is fetched by the first verification; the next thousands warm the code.
      for (let i = 0; i < 2_000; i++) errors += await once();
      const count = Math.round((cacheMaxEntries === 0 ? 5_000 : 200_000) * options.scale);
      const before = process.cpuUsage();
      for (let i = 0; i < count; i++) errors += await once();
      const used = process.cpuUsage(before);
      return { value: (used.user + used.system) / count, errors };
    };
    return [
      ...(await measure(
        {
          name: FIGURES.jwtVerify,
          unit: 'µs',
          higherIsBetter: false,
          impls: ['mcpkit'],
          run: () => sample(0),
        },
        options,
      )),
      ...(await measure(
        {
          name: FIGURES.jwtVerifyCached,
          unit: 'µs',
          higherIsBetter: false,
          impls: ['mcpkit'],
          run: () => sample(10_000),
        },
        options,
      )),
    ];
  } finally {
    issuer.close();
  }
}
