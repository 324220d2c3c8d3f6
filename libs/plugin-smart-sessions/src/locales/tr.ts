import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'permissions.intro': "Bu sitenin her seferinde sormadan hesabınızdan yapabilecekleri.",
  'permissions.none': "Bu sitenin hiçbir izni yok.",
  'permissions.unsupported': "Bu cüzdan sitelere izin vermiyor (ERC-7715).",
  'permissions.native': "{ticker} gönderme",
  'permissions.erc20': "{ticker} gönderme (token {address})",
  'permissions.call': "{address} üzerinde {functions} çağırma",
  'permissions.spent': "{limit} tutarın {spent} kadarı harcandı",
  'permissions.rate': "{interval} başına en fazla {count}",
  'permissions.until': "{date} tarihine kadar",
  'permissions.revoke': "İptal et",
  'permissions.revokeNamed': "“{name}” iznini iptal et",
  'permissions.loadFailed': "İzinler okunamadı.",
  // The manifest's labels.
  'views.Permissions': 'İzinler',
  'walletButtons.permissions': 'İzinler',
} satisfies TranslationOf<typeof en>;
