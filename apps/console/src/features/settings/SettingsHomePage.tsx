import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingStore,
  IconBuildingBank,
  IconCrown,
  IconDeviceTablet,
  IconDiscount,
  IconFileText,
  IconGift,
  IconLayoutBoard,
  IconMail,
  IconMailForward,
  IconPlug,
  IconReceiptTax,
  IconShieldLock,
  IconShoppingBag,
  IconUserCircle,
  IconUsersGroup,
  type IconProps,
} from '@tabler/icons-react';
import { SETTINGS_MENU } from '../../lib/menus';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../components/PageHeader';

/** What each settings page is for, in one line, keyed by its path in SETTINGS_MENU. */
const DETAILS: Record<string, { icon: ComponentType<IconProps>; description: string }> = {
  '/settings/profile': { icon: IconUserCircle, description: 'Your name, photo, sign-in email and password.' },
  '/settings/venue': { icon: IconBuildingStore, description: 'Address, time zone, formats and payment methods.' },
  '/settings/widget-templates': { icon: IconLayoutBoard, description: 'How the booking widget looks on your website.' },
  '/settings/bank-accounts': { icon: IconBuildingBank, description: 'Where online payments are paid out.' },
  '/settings/taxes': { icon: IconReceiptTax, description: 'Tax rates applied to products and merchandise.' },
  '/settings/mailing-templates': { icon: IconMail, description: 'Confirmation, reminder and other customer emails.' },
  '/settings/mail': { icon: IconMailForward, description: 'Every mail sent to your customers, its state, and Resend.' },
  '/settings/gift-cards': { icon: IconGift, description: 'Gift cards sold online, their amounts, picture and expiry.' },
  '/settings/terms-and-conditions': { icon: IconFileText, description: 'Terms customers accept when they book.' },
  '/settings/promocodes': { icon: IconDiscount, description: 'Discount codes customers enter at checkout.' },
  '/settings/affiliates': { icon: IconUsersGroup, description: 'Partners who send you bookings, and their discounts.' },
  '/settings/upsell-merchandise': { icon: IconShoppingBag, description: 'Extras offered with a booking.' },
  '/settings/kiosks': { icon: IconDeviceTablet, description: 'Tablets at the door where players find their booking and sign.' },
  '/settings/permissions': { icon: IconShieldLock, description: 'What managers and staff are allowed to do.' },
  '/settings/superadmin': { icon: IconCrown, description: 'All venues and accounts across Lanebook.' },
  '/settings/integrations': { icon: IconPlug, description: 'Connections to other tools you use.' },
};

export default function SettingsHomePage() {
  const session = useSession();
  // The same rule as the sidebar's settings menu.
  const items = SETTINGS_MENU.filter(
    (item) => (!item.superadminOnly || session.me?.isSuperadmin) && (!item.permission || session.can(item.permission)),
  );

  return (
    <>
      <PageHeader title="Settings" description="Everything about your venue and your account." />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((item) => {
          const detail = DETAILS[item.to];
          const Icon = detail?.icon ?? IconFileText;
          return (
            <Card key={item.to} component={Link} to={item.to} withBorder radius="md" padding="lg" shadow="xs" h="100%">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <ThemeIcon size={40} radius="md" variant="light">
                  <Icon size={22} />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{item.label}</Text>
                  {detail ? (
                    <Text size="sm" c="dimmed">
                      {detail.description}
                    </Text>
                  ) : null}
                </div>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </>
  );
}
