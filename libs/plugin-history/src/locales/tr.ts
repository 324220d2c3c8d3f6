import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'history.loading': 'Etkinlik yükleniyor…',
  'history.empty': 'Henüz etkinlik yok.',
  'history.unavailable': 'Bu ağda etkinlik kullanılamıyor.',
  'history.error': 'Etkinlik yüklenemedi.',
  'history.moreError': 'Daha eski etkinlik yüklenemedi.',
  'history.retry': 'Tekrar dene',
  'history.more': 'Daha fazla yükle',
  'history.pending': 'Beklemede',
  'history.today': 'Bugün',
  'history.yesterday': 'Dün',
  'history.failed': 'Başarısız',
  'history.to': 'Alıcı: {address}',
  'history.created': '{name} ({symbol})',
  'history.from': 'Gönderen: {address}',
  'history.explorer': '{explorer} üzerinde görüntüle',
  'history.op.send': 'Gönderildi',
  'history.op.receive': 'Alındı',
  'history.op.self': 'Kendine gönderildi',
  'history.op.execute': 'Sözleşme çağrısı',
  'history.op.deploy': 'Sözleşme dağıtıldı',
  'history.op.approve': 'Onaylandı',
  'history.op.trade': 'Takas edildi',
  'history.op.mint': 'Basıldı',
  // The manifest's labels.
  'views.Activity': 'Etkinlik',
  'accountTabs.activity': 'Etkinlik',
} satisfies TranslationOf<typeof en>;
