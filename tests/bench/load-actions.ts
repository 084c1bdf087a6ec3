/**
 * bench:load's simulated user: what it does (a realistic mix of reads and writes through the app's own API and pages)
 * and the writes it was told succeeded, each checked afterwards through the API.
 */
const PASSWORD = "LoadBench2026!";
const SESSION_COOKIE = "breeze_session=";
const ARV = 310_000;
const OFFER = 150_000;
const OWNER = "Maria Lopez";
/** Where the simulated leads are: a letter goes to the property's own address, one of the addresses on record. */
const LEAD_PLACE = { city: "Phoenix", state: "AZ", zipCode: "85019" };
/** A user signs in at the start of their run and then once every this many steps (see `next`). */
const SIGN_IN_EVERY = 200;
const SEARCH = { location: "Phoenix, AZ", sellerType: "high_equity", minBedrooms: 2, maxPrice: 900_000 };

/** One kind of request, as the report groups them. */
export type Kind =
  | "sign-in"
  | "preview-count"
  | "batch"
  | "crm-page"
  | "home-page"
  | "value"
  | "create-lead"
  | "create-offer"
  | "mail-offer"
  | "post-message"
  | "upload"
  | "terry";

/** A write the server acknowledged, and how to find it again. */
export type Write = { kind: Kind; user: number; check: string; expect: (answer: Response) => Promise<boolean> };

export type Sample = { kind: Kind; ms: number; status: number };

/** The statuses a request may answer without counting as an error (429: an intended throttle). */
const INTENDED = new Set([200, 201, 429]);

export class SimulatedUser {
  cookie = "";
  private conversation: string | null = null;
  private properties: string[] = [];
  private letters: { propertyId: string; pdfUrl: string; address: string }[] = [];
  /** Each created lead's street address, by property id. */
  private addresses = new Map<string, string>();
  private step = 0;
  /** Rows this user's acknowledged writes made: anything more is a write that half-happened unacknowledged. */
  private made = { leads: 0, documents: 0, messages: 0 };

  constructor(
    readonly index: number,
    private readonly origin: string,
    private readonly record: (sample: Sample) => void,
    private readonly acknowledge: (write: Write) => void,
  ) {}

  private async request(kind: Kind, path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    const started = performance.now();
    const response = await fetch(`${this.origin}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...(this.cookie ? { Cookie: this.cookie } : {}) },
      redirect: "manual",
    });
    const text = await response.text();
    this.record({ kind, ms: performance.now() - started, status: response.status });
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, body };
  }

  private post(kind: Kind, path: string, json: unknown) {
    return this.request(kind, path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) });
  }

  get conversationId() {
    return this.conversation;
  }

  get acknowledgedRows() {
    return { ...this.made };
  }

  /** Registers (once, before the clock starts) and keeps the session cookie. */
  async signUp(): Promise<void> {
    const email = `load-${this.index}-${Date.now()}@example.com`;
    const response = await fetch(`${this.origin}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        full_name: `Load User ${this.index}`,
        email,
        mobile: "(602) 555-0123",
        password: PASSWORD,
        confirm_password: PASSWORD,
        company: { company_name: "Load Co", offer_contact_email: email, offer_contact_phone: "(602) 555-0123" },
      }),
    });
    await response.arrayBuffer();
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(SESSION_COOKIE));
    if (response.status !== 201 || !cookie) throw new Error(`user ${this.index}: registration answered ${response.status}`);
    this.email = email;
    this.cookie = cookie.split(";")[0];
  }

  private email = "";

  /**
   * One step of the mix; a user cycles through it, so every kind is exercised in proportion. Each user's run starts
   * with a sign-in (a new session, as when a wholesaler opens Breeze in the morning) and signs in again only every
   * SIGN_IN_EVERY steps: sessions last a day or 30 days, so a real user hardly ever signs in twice in a minute, and
   * sign-in's scrypt (~0.25 s of CPU by design) at every 13th step would measure the password hash, not the app.
   */
  async next(): Promise<void> {
    if (this.step % SIGN_IN_EVERY === 0) {
      this.step++;
      return this.signIn();
    }
    const steps = [
      () => this.home(),
      () => this.previewCount(),
      () => this.createLead(),
      () => this.crm(),
      () => this.value(),
      () => this.createOffer(),
      () => this.mailOffer(),
      () => this.postMessage(),
      () => this.batch(),
      () => this.postMessage(),
      () => this.upload(),
      () => this.askTerry(),
    ];
    await steps[this.step++ % steps.length]();
  }

  private async signIn() {
    const started = performance.now();
    const response = await fetch(`${this.origin}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: this.email, password: PASSWORD }),
    });
    await response.arrayBuffer();
    this.record({ kind: "sign-in", ms: performance.now() - started, status: response.status });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(SESSION_COOKIE));
    if (cookie) this.cookie = cookie.split(";")[0];
  }

  private home = () => this.request("home-page", "/");
  private crm = () => this.request("crm-page", "/?section=crm");
  private previewCount = () => this.post("preview-count", "/api/leads/preview-count", SEARCH);
  private value = () =>
    this.post("value", "/api/properties/calculate-arv", { address: "4821 N 35th Ave", city: "Phoenix", state: "AZ", zipCode: "85019" });

  private async batch() {
    const { status, body } = await this.post("batch", "/api/properties/batch", { count: 5, criteria: { ...SEARCH, minPrice: 0 } });
    const requestId = (body as { requestId?: string }).requestId;
    if (status === 200 && requestId) {
      // The workbench opens a request of the user's own; an unknown one redirects back to the plain workbench.
      this.acknowledge({
        kind: "batch",
        user: this.index,
        check: `/leads/workbench?request=${requestId}`,
        expect: async (r) => r.status === 200,
      });
    }
  }

  private async createLead() {
    const address = `${1000 + this.index * 1000 + this.properties.length} W Load St`;
    const { status, body } = await this.post("create-lead", "/api/properties", {
      address,
      ...LEAD_PLACE,
      ownerName: OWNER,
    });
    const id = (body as { id?: string }).id;
    if (status === 201 && id) {
      this.properties.push(id);
      this.addresses.set(id, address);
      this.made.leads++;
      this.acknowledge({ kind: "create-lead", user: this.index, check: `/api/properties/${id}`, expect: async (r) => r.status === 200 });
    }
  }

  private async createOffer() {
    const propertyId = this.properties.at(-1);
    if (!propertyId) return this.createLead();
    const { status, body } = await this.post("create-offer", "/api/properties/confirm-offer", { propertyId, offerType: "Fair", arv: ARV });
    const answer = body as { data?: { documentId?: string }; pdfUrl?: string };
    if (status === 200 && answer.data?.documentId && answer.pdfUrl) {
      this.letters.push({ propertyId, pdfUrl: answer.pdfUrl, address: this.addresses.get(propertyId) ?? "" });
      this.made.documents++;
      this.acknowledge({
        kind: "create-offer",
        user: this.index,
        check: `/api/documents/${answer.data.documentId}`,
        expect: async (r) => r.status === 200,
      });
    }
  }

  private async mailOffer() {
    const letter = this.letters.shift();
    if (!letter) return this.createOffer();
    const { propertyId, pdfUrl, address } = letter;
    const { status, body } = await this.post("mail-offer", "/api/properties/mail-offer", {
      propertyId,
      pdfUrl,
      offerAmount: OFFER,
      recipientName: OWNER,
      recipientAddress: `${address}, ${LEAD_PLACE.city}, ${LEAD_PLACE.state} ${LEAD_PLACE.zipCode}`,
    });
    const trackingId = (body as { trackingId?: string }).trackingId;
    if (status === 200 && trackingId) {
      this.acknowledge({
        kind: "mail-offer",
        user: this.index,
        check: `/api/properties/${propertyId}`,
        expect: async (r) => r.status === 200 && ((await r.json()) as { status?: string }).status === "offer_sent",
      });
    }
  }

  private async postMessage() {
    if (!this.conversation) {
      const { status, body } = await this.post("post-message", "/api/conversations", {
        agentType: "messages",
        title: `Load ${this.index}`,
      });
      const id = (body as { id?: string }).id;
      if (status !== 201 || !id) return;
      this.conversation = id;
      this.acknowledge({
        kind: "post-message",
        user: this.index,
        check: `/api/conversations/${id}/messages`,
        expect: async (r) => r.status === 200,
      });
    }
    const path = `/api/conversations/${this.conversation}/messages`;
    const { status, body } = await this.post("post-message", path, { content: `hello ${this.step}`, role: "user" });
    const id = (body as { message?: { id?: string } }).message?.id;
    if (status === 201 && id) {
      this.made.messages++;
      this.acknowledge({
        kind: "post-message",
        user: this.index,
        check: path,
        expect: async (r) => r.status === 200 && (await r.text()).includes(id),
      });
    }
  }

  private async askTerry() {
    const question = `What are homes selling for in Phoenix, AZ? (${this.index}-${this.step})`;
    const { status, body } = await this.post("terry", "/api/terry/chat", { message: question, history: [] });
    const conversationId = (body as { conversationId?: string }).conversationId;
    if (status === 200 && conversationId) {
      this.acknowledge({
        kind: "terry",
        user: this.index,
        check: `/api/conversations/${conversationId}/messages`,
        expect: async (r) => r.status === 200 && (await r.text()).includes(question),
      });
    }
  }

  private async upload() {
    const form = new FormData();
    form.set("file", new File([`Load bench note ${this.index}-${this.step}\n`], "note.txt", { type: "text/plain" }));
    const { status, body } = await this.request("upload", "/api/documents/upload", { method: "POST", body: form });
    const id = (body as { document?: { id?: string } }).document?.id;
    if (status === 201 && id) {
      this.made.documents++;
      this.acknowledge({ kind: "upload", user: this.index, check: `/api/documents/${id}`, expect: async (r) => r.status === 200 });
    }
  }
}

/** The user's rows as the API lists them against what the acknowledged writes made: each mismatch, described. */
export async function audit(user: SimulatedUser, origin: string): Promise<string[]> {
  const get = (path: string) => fetch(`${origin}${path}`, { headers: { Cookie: user.cookie } });
  const leads = Number((await get("/api/properties?limit=1")).headers.get("X-Total-Count"));
  const documents = ((await (await get("/api/documents")).json()) as unknown[]).length;
  const messages = user.conversationId
    ? ((await (await get(`/api/conversations/${user.conversationId}/messages`)).json()) as unknown[]).length
    : 0;
  const found = { leads, documents, messages };
  return (Object.keys(found) as (keyof typeof found)[])
    .filter((key) => found[key] !== user.acknowledgedRows[key])
    .map((key) => `user ${user.index}: ${found[key]} ${key} stored, ${user.acknowledgedRows[key]} acknowledged`);
}

/** Whether `status` is an answer the mix expects (anything else is an error in the report). */
export const isIntended = (status: number) => INTENDED.has(status) || (status >= 300 && status < 400);
