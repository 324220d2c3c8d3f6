import type { TranslationOf } from '@portico/react';
import type { en } from '../messages';

export default {
  'social.continueIn': 'Continue na janela do {provider}',
  'social.opening': 'Abrindo {provider}…',
  'social.waiting': 'Entre com {provider} na janela que abriu. Esta página continua sozinha.',
  'social.blocked': 'O navegador bloqueou a janela do {provider}.',
  'social.open': 'Abrir a janela do {provider}',
  'social.closed': 'A janela do {provider} foi fechada antes de entrar.',
  'social.failed': 'Não foi possível entrar com {provider}: {reason}',
  'social.retry': 'Tentar de novo',
  'social.back': 'Voltar às opções de entrada',
  'social.unavailable': 'O login social não está configurado neste app.',
  'social.noWallet': 'A sua carteira está no dispositivo onde a criou, e nenhuma senha de recuperação foi definida. Entre lá e defina uma na sua conta.',
  'social.initFailed': 'Ocorreu um problema ao iniciar a autenticação',
  'farcaster.scan': 'Leia este código QR com a câmera do seu telefone para entrar com o Farcaster.',
  'farcaster.open': 'Abrir o Farcaster',
  'farcaster.copy': 'Copiar link',
  'farcaster.copied': 'Link copiado',
  'farcaster.qrLabel': 'Código QR para entrar com o Farcaster',
  'farcaster.expired': 'O código QR expirou antes de ser usado.',
  'farcaster.getNew': 'Obter um novo código QR',
  // The manifest's labels.
  'connectMethods.social': 'Rede social',
  'views.SocialConnecting': 'Conectando',
} satisfies TranslationOf<typeof en>;
