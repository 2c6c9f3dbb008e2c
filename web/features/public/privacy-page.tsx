import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { LIMITS } from '../../../common/domain/options';
import { LEGAL } from '../../../common/domain/public-texts';
import { LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    id: 'controller',
    title: 'Who is responsible',
    body: (
      <p>
        OopsBoard is a platform to track, analyze and learn from mistakes: incident logging, action items,
        reports and team collaboration. It is self-hosted. The organisation that runs this installation (the
        &quot;operator&quot;) decides why and how your data is processed and is the controller of it. The
        authors of the OopsBoard software do not receive your data.
      </p>
    ),
  },
  {
    id: 'data',
    title: 'What we keep',
    body: (
      <ul>
        <li>
          <strong>Account:</strong> your name, username, e-mail address, department, team memberships and
          roles, and whether your account is active. Your password is stored only as a one-way hash
          (argon2id), never as text.
        </li>
        <li>
          <strong>What your team logs:</strong> incidents, near-misses and learning moments with their fields,
          timelines, notes, action items and tags, with who created or changed them and when.
        </li>
        <li>
          <strong>Sessions:</strong> a hash of each sign-in token, when it was created and last used. The
          token itself sits in your browser&apos;s session storage and is gone when you close the browser.
        </li>
        <li>
          <strong>Security log:</strong> sign-ins (successful and failed), sign-outs, sign-in links and
          password resets issued and used, password, role and department changes, invitations and
          administrator actions, with the time and the IP address. It never contains passwords or tokens.
        </li>
        <li>
          <strong>E-mail:</strong> the operator&apos;s mail server sends sign-in links, password resets and
          invitations to the address given.
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'Why we use it',
    body: (
      <ul>
        <li>To provide the service: sign you in, show your team its records, dashboards and reports.</li>
        <li>To keep it secure: limit repeated sign-in attempts, detect misuse and investigate incidents.</li>
        <li>
          To send the e-mails you ask for (sign-in links, password resets) and invitations from your team.
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who can see it',
    body: (
      <>
        <p>
          Members of your team see your name, username, e-mail, department and role, and what the team logs.
          Platform administrators of this installation see account details and counts of teams and incidents,
          but not the contents of other teams&apos; incidents. Nothing is sold or shared for advertising, and
          OopsBoard uses no tracking or analytics cookies.
        </p>
        <p>
          Your profile picture is an identicon drawn in your browser from a hash of your e-mail address, so no
          other site is asked for it. Only if the administrators of this installation turn on a public avatar
          service is that hash sent to it for the picture; if the service cannot be reached, the first letter
          of your name is shown instead.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        Sessions end after 24 hours without use and at most 30 days after sign-in. Sign-in links and reset
        links expire and work only once. Account and team data are kept while your account exists. Records
        your team logged stay with the team when you leave it, because they belong to the team&apos;s history;
        ask your team owner or the operator if something you wrote must be removed.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your choices and rights',
    body: (
      <>
        <p>
          You can see and correct your name, username and department under Profile Settings, and change or set
          your password there. To get a copy of your data, or to have your account and personal data deleted,
          contact the operator through the Contact link at the bottom of every page; they will answer within
          the time the law where they are requires. Depending on where you live you may also have the right to
          object to processing, to restrict it, and to complain to a data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Connections should be encrypted by the operator&apos;s web server (HTTPS). Passwords and tokens are
        stored only as hashes, sessions can be ended at once by signing out or by an administrator, and access
        to each team&apos;s records is limited to its members.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Age',
    body: (
      <p>OopsBoard is not for anyone under {LIMITS.minimumAge}; we do not knowingly keep data about them.</p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will give at least {LEGAL.changeNoticeDays} days&apos; notice of any material change to this
        policy, by e-mail or in the app, before it takes effect. See also the{' '}
        <Anchor component={Link} to="/terms">
          Terms of Service
        </Anchor>
        .
      </p>
    ),
  },
];

/** docs/product.md §1: privacy for the platform, with what is kept and how to have it deleted. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what OopsBoard keeps about you, why, who can see it and how to get it deleted.
        </p>
      }
      sections={sections}
    />
  );
}
