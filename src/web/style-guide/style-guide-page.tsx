import { usePageTitle } from '@web/app/page-title';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ColorsTab } from './colors-tab';
import { ComponentsTab } from './components-tab';
import { LayoutTab } from './layout-tab';
import { TypographyTab } from './typography-tab';

const tabs = [
  { value: 'colors', label: 'Colors', Content: ColorsTab },
  { value: 'typography', label: 'Typography', Content: TypographyTab },
  { value: 'components', label: 'Components', Content: ComponentsTab },
  { value: 'layout', label: 'Layout', Content: LayoutTab },
];

/** The design showcase: the app's own tokens and primitives. Lazy-loaded, off the entry chunk. */
export function StyleGuidePage() {
  usePageTitle('Style Guide', 'Design tokens and components of Agency Hub');
  return (
    <Tabs defaultValue="colors" className="mx-auto grid max-w-6xl gap-6">
      <TabsList className="w-full sm:w-fit">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} className="flex-1 px-2 sm:flex-none sm:px-3">
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map(({ value, Content }) => (
        <TabsContent key={value} value={value}>
          <Content />
        </TabsContent>
      ))}
    </Tabs>
  );
}
