import type { SVGProps } from "react";
import sprite from "./icons.svg";

type IconProps = SVGProps<SVGSVGElement> & { title?: string };

/**
 * An icon drawn from the one shared sprite (`icons.svg`, a hashed, immutable asset): each use is a
 * short `<use href>` instead of the shapes repeated in every card, header and footer. The sprite's
 * symbols carry the stroke; the fill is inherited from here, so `filled` and `currentColor` work as
 * with inline SVG.
 */
function Icon({ symbol, title, ...props }: IconProps & { symbol: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      {...props}
    >
      {title ? <title>{title}</title> : null}
      <use href={`${sprite}#${symbol}`} />
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => <Icon symbol="search" {...p} />;
export const BagIcon = (p: IconProps) => <Icon symbol="bag" {...p} />;
export const UserIcon = (p: IconProps) => <Icon symbol="user" {...p} />;
export const MenuIcon = (p: IconProps) => <Icon symbol="menu" {...p} />;
export const CloseIcon = (p: IconProps) => <Icon symbol="close" {...p} />;
export const ChevronDownIcon = (p: IconProps) => <Icon symbol="chevron-down" {...p} />;
export const ArrowLeftIcon = (p: IconProps) => <Icon symbol="arrow-left" {...p} />;
export const ArrowRightIcon = (p: IconProps) => <Icon symbol="arrow-right" {...p} />;
export const GiftIcon = (p: IconProps) => <Icon symbol="gift" {...p} />;
export const TruckIcon = (p: IconProps) => <Icon symbol="truck" {...p} />;
export const ShieldIcon = (p: IconProps) => <Icon symbol="shield" {...p} />;
export const CertificateIcon = (p: IconProps) => <Icon symbol="certificate" {...p} />;
export const ReturnIcon = (p: IconProps) => <Icon symbol="return" {...p} />;
export const LockIcon = (p: IconProps) => <Icon symbol="lock" {...p} />;
export const ZoomIcon = (p: IconProps) => <Icon symbol="zoom" {...p} />;
export const RulerIcon = (p: IconProps) => <Icon symbol="ruler" {...p} />;

export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <Icon symbol="heart" {...p} fill={filled ? "currentColor" : "none"} />
);

export const StarIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <Icon symbol="star" {...p} fill={filled ? "currentColor" : "none"} />
);

export const InstagramIcon = (p: IconProps) => <Icon symbol="instagram" {...p} />;
export const FacebookIcon = (p: IconProps) => <Icon symbol="facebook" {...p} />;
export const TikTokIcon = (p: IconProps) => <Icon symbol="tik-tok" {...p} />;

/** The shop's mark, a faceted gem (its own 32-unit box and strokes). */
export const GemIcon = (p: IconProps) => <Icon symbol="gem" viewBox="0 0 32 32" {...p} />;
