// The widget's `<script>` tag as a page writes it: each attribute as `data-<name>`, appended to the body.

/** A script tag with `attrs` as its `data-` attributes, appended to `document.body`. */
export function scriptTag(attrs: Record<string, string>): HTMLScriptElement {
  const s = document.createElement('script');
  for (const [k, v] of Object.entries(attrs)) s.setAttribute(`data-${k}`, v);
  document.body.append(s);
  return s;
}

/** The tag for acme's customer (cust_1 unless named) on the journey at `https://journey.example.com`, with `attrs`. */
export const acmeScriptTag = (attrs: Record<string, string> = {}, customerId = 'cust_1') =>
  scriptTag({ vendor: 'acme', 'customer-id': customerId, 'journey-origin': 'https://journey.example.com', ...attrs });
