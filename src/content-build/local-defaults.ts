/**
 * The local stack's content API and key: what a build reads when its environment names none, so
 * `astro build` beside a running `npm start` needs no settings. The stack's own configuration takes
 * its key from here.
 */
export const LOCAL_CONTENT_API_URL = "http://localhost:4010/contentfulservice/api/v1";
export const LOCAL_SUBSCRIPTION_KEY = "local-subscription-key";
