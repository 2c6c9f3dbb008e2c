import {
  Building2,
  CircleCheck,
  Code,
  Database,
  Headset,
  Megaphone,
  Package,
  Palette,
  Scale,
  Settings,
  Shield,
  TrendingUp,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { departmentIcon, type DepartmentIcon as IconName } from '../../../common/domain/department-icon';

const ICONS: Record<IconName, LucideIcon> = {
  code: Code,
  package: Package,
  palette: Palette,
  headset: Headset,
  'trending-up': TrendingUp,
  megaphone: Megaphone,
  settings: Settings,
  shield: Shield,
  users: Users,
  wallet: Wallet,
  database: Database,
  'check-circle': CircleCheck,
  scale: Scale,
  building: Building2,
};

/** The department's icon, chosen by keywords in its name (common/domain/department-icon.ts). Decorative. */
export function DepartmentIcon({ name, size = 20 }: { name: string; size?: number }) {
  const key = departmentIcon(name);
  const Icon = ICONS[key];
  return <Icon size={size} aria-hidden data-icon={key} />;
}
