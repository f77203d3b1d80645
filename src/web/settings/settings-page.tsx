import { PASSWORD_CHANGE_ENDS } from '@shared/account-access';
import { usePageTitle } from '@web/app/page-title';
import { AlertChannels } from '@web/components/alerts/alert-channels';
import { SectionQuery } from '@web/components/section-query';
import { ApiTokensSection } from '@web/components/tokens/api-tokens-section';
import { useEffect } from 'react';
import { AgencyForm } from './agency-form';
import { useAgencySettings } from './api';
import { LogoField } from './logo-field';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SectionCard } from './section-card';
import { SecurityPolicySection } from './security-policy';
import { SessionsList } from './sessions-list';
import { ThemeChoice } from './theme-choice';
import { TwoFactorSection } from './two-factor-section';

function AgencySection() {
  return (
    <SectionQuery
      query={useAgencySettings()}
      loading="Loading agency settings..."
      failed="Could not load the agency settings"
    >
      {(settings) => (
        <div className="grid gap-6">
          <AgencyForm settings={settings} />
          <LogoField logo={settings.logo} />
        </div>
      )}
    </SectionQuery>
  );
}

export function SettingsPage() {
  usePageTitle('Settings', 'Your account, the agency and API access');
  // A link to one card (`/settings#two-factor`) opens the page at that card.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6">
      <h2 className="text-2xl font-semibold tracking-tight">Settings</h2>
      <SectionCard id="profile" title="Profile" description="Your username and email address.">
        <ProfileForm />
      </SectionCard>
      <SectionCard id="password" title="Password" description={PASSWORD_CHANGE_ENDS}>
        <PasswordForm />
      </SectionCard>
      <SectionCard
        id="two-factor"
        title="Two-factor sign-in"
        description="A code from your phone at every sign-in, besides your password."
      >
        <TwoFactorSection />
      </SectionCard>
      <SectionCard
        id="security"
        title="Security rules"
        description="What the agency asks of everyone who signs in. Only an Owner changes them."
      >
        <SecurityPolicySection />
      </SectionCard>
      <SectionCard id="sessions" title="Active sessions" description="Browsers signed in to your account.">
        <SessionsList />
      </SectionCard>
      <SectionCard id="appearance" title="Appearance" description="The theme of this browser.">
        <ThemeChoice />
      </SectionCard>
      <SectionCard
        id="agency"
        title="Agency"
        description="Used in reports and emails, for counting days in your time zone, and how security alerts are sent."
      >
        <AgencySection />
      </SectionCard>
      <SectionCard
        id="alerts"
        title="Alert channels"
        description="Who hears when a site goes down and comes back, and when a certificate or domain is about to expire. A channel takes every incident, or only those of clients with chosen tags."
      >
        <AlertChannels />
      </SectionCard>
      <SectionCard
        id="tokens"
        title="API tokens"
        description="Personal tokens let scripts use the API as you. Each is shown once, when it is created."
      >
        <ApiTokensSection />
      </SectionCard>
    </div>
  );
}
