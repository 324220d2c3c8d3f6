import { porticoStyles } from '@portico/ui';
import { createPorticoPreview } from '../../../tools/storybook/porticoPreview';

export default createPorticoPreview(porticoStyles);
