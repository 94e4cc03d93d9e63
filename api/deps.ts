import type { Db } from '../platform/database/db';
import type { Storage } from '../platform/storage/storage';
import type { DomainSettings } from './domains/settings';
import type { Mailer } from './mail/mailer';
import type { LocalStripe } from './payments/create';
import type { PaymentProvider } from './payments/provider';
import type { Seller } from './payments/seller';
import type { OffsetClock } from './process/offset-clock';
import type { ReadinessOptions } from './process/readiness';
import type { LocalisedSite } from './static/localise-site';
import type { VisitCounter } from './visits/counter';
import type { WalletSigner } from './wallet/signer';

/** Everything a request handler may touch, passed in so tests can build the app around a temp database. */
export type Deps = {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  /** Key for hashing short secrets (verification codes) that would be easy to brute-force from a plain hash. */
  secret: string;
  publicUrl: string;
  /** DATA_DIR: readiness watches the free space of the disk it sits on. */
  dataDir: string;
  /** Rendered pages and media, served as static files: DATA_DIR/public. */
  publicDir: string;
  /** Where rendered pages and photos are stored (ADR 024): the disk under `publicDir`, or an S3 bucket. */
  storage: Storage;
  /** Nudges the renderer after a commit, so a published page is on disk within milliseconds. */
  onAppended: () => void;
  /**
   * Renders one account's pages now, in turn with the projector (renderer/render-in-turn.ts): a publish writes its
   * own page before it answers (issue 29). Absent in a process that renders nothing (tests that render with the
   * projector): then the projector alone does.
   */
  renderPage?: (accountId: string) => Promise<void>;
  /**
   * Nudges the mail sender after a commit that queued mail (api/mail/queue.ts), so a code arrives at once; the
   * sender also polls, so a missed nudge only delays a mail by seconds.
   */
  mailQueued: () => void;
  supportEmail: string;
  /** SELLER_*: who invoices name as the seller; the sample seller when absent (tests). */
  seller?: Seller;
  adminEmails: string[];
  /** TRUST_PROXY: how many proxies in front append to X-Forwarded-For (0: none, use the socket's address). */
  trustProxy: number;
  /** The built public site (site/dist), served for every path the API and profiles don't answer. */
  siteDir: string;
  /**
   * The site's files that name its address, as this server wrote them for its PUBLIC_URL and CHAT_WIDGET_SRC at
   * start (api/static/localise-site.ts, ADR 040), sent in place of the built ones. Absent: the built files as they are.
   */
  localisedSite?: Pick<LocalisedSite, 'dir' | 'files'>;
  /** CHAT_WIDGET_SRC: the pages name it for the chat loader, and its origin is allowed in the CSP of those that load it. */
  chatWidgetSrc?: string;
  /** The Stripe adapter: against Stripe, or against the built-in simulator (PAYMENTS=local). */
  payments: PaymentProvider;
  /** PAYMENTS=local: the Stripe simulator `payments` talks to (its hosted pages, its clock); null with Stripe. */
  stripeSimulator: LocalStripe | null;
  /** What /api/ready demands: free space and how far behind the pages may be. */
  readiness: ReadinessOptions;
  /** Counts page views, saves and clicks by source (issue 16); the server writes its counts each second. */
  visits: VisitCounter;
  /** What signs Apple Wallet passes (WALLET_*, api/wallet/); absent or null when none are offered. */
  wallet?: WalletSigner | null;
  /** Issue 31: where owners point their own domains, and how the checker asks DNS about them. */
  domains: DomainSettings;
  /** Wakes the domain checker after a domain is connected, so its DNS is looked at within seconds. */
  domainsChanged?: () => void;
  /** TEST_CLOCK=true: the clock `now` reads, which POST /api/test-clock moves; absent otherwise. */
  testClock?: OffsetClock;
};

export type AppEnv = {
  Variables: {
    accountId: string;
    tokenHash: string;
  };
};
