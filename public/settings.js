// Runtime settings, filled in per environment: deploy pipelines replace the #{Name}# placeholders
// (the local stack writes its own values into each release). The portal refuses to start while
// apiUrl is still a placeholder.
window.settings = {
  apiUrl: "#{ApiUrl}#",
  subscriptionKey: "#{SubscriptionKey}#",
  auth: {
    domain: "#{AuthDomain}#",
    clientId: "#{AuthClientId}#",
    audience: "#{AuthAudience}#",
    redirectUri: "#{AuthRedirectUri}#",
    claimNamespace: "#{AuthClaimNamespace}#",
    organization: "#{AuthOrganization}#",
    expiryMarginSeconds: 60,
  },
  debug: false,
};
