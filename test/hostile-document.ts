/** OWASP-style XSS vectors placed in every rendered field of an apidesc document (shared by the HTML and browser tests). */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '"><svg onload=alert(3)>',
  'javascript:alert(4)',
  '<a href="javascript:alert(5)">x</a>',
  '[x](javascript:alert(6))',
  '<iframe srcdoc="<script>alert(7)</script>">',
  '</script><script>alert(8)</script>',
  '<details open ontoggle=alert(9)>',
  'data:text/html,<script>alert(10)</script>',
];
const p = (i: number): string => JSON.stringify(PAYLOADS[i % PAYLOADS.length]);

/** A document with an XSS payload in every field that reaches a page. */
export function hostileDocument(): string {
  return `apidesc: 3.0.0
info:
  title: ${p(0)}
  version: ${p(1)}
  description: ${p(5)}
  termsOfService: ${p(3)}
  contact: {name: ${p(2)}, url: ${p(4)}, email: ${p(6)}}
  license: {name: ${p(8)}, url: ${p(9)}}
  tags: [{name: ${p(2)}, description: ${p(1)}}]
  externalDocs: {url: ${p(3)}, description: ${p(0)}}
servers:
  ${p(0)}:
    host: ${p(8)}
    protocol: ${p(3)}
  s1:
    host: ${p(2)}
    protocol: ${p(0)}
    description: ${p(6)}
channels:
  c1:
    address: ${p(7)}
    title: ${p(1)}
    summary: ${p(8)}
    description: ${p(6)}
    x-evil: ${p(0)}
    messages:
      m1:
        name: ${p(1)}
        title: ${p(2)}
        summary: ${p(5)}
        description: ${p(0)}
        contentType: ${p(0)}
        payload:
          type: object
          description: ${p(6)}
          properties:
            ${p(1)}:
              type: string
              enum: [${p(0)}, ${p(2)}]
              default: ${p(7)}
              examples: [${p(8)}]
              description: ${p(5)}
        examples:
          - name: ${p(0)}
            summary: ${p(5)}
            payload: {${p(2)}: ${p(7)}}
operations:
  ${p(2)}:
    action: receive
    title: ${p(6)}
    channel: {$ref: '#/channels/c1'}
  o1:
    action: send
    title: ${p(2)}
    description: ${p(5)}
    channel: {$ref: '#/channels/c1'}
    bindings:
      sns:
        consumers:
          - protocol: https
            endpoint: {url: ${p(3)}}
            rawMessageDelivery: false
            filterPolicy: {${p(0)}: [${p(2)}]}
components:
  schemas:
    s1: {type: string, description: ${p(9)}, title: ${p(0)}}
  securitySchemes:
    k1: {type: openIdConnect, openIdConnectUrl: ${p(3)}, description: ${p(5)}}
`;
}
