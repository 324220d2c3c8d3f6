import { createPorticoPreview } from '../../../tools/storybook/porticoPreview';
import { porticoStyles } from '../src/styles/porticoStyles';

export default createPorticoPreview(porticoStyles);
