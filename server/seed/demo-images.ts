/**
 * The illustrated demo photos shipped in assets/demo/ (made by
 * scripts/generate-demo-images.ts). The seed picks from these by `kind`;
 * the script draws each file from the art description it keeps per name.
 */
export interface DemoImage {
  /** File name under assets/demo/. */
  file: string;
  /** Which businesses may use it (a cuisine, a subcategory, or a finer kind such as "pizza"). */
  kinds: readonly string[];
  /** Describes the picture (alt text). */
  alt: string;
}

export const DEMO_IMAGES: readonly DemoImage[] = [
  { file: "pizza.webp", kinds: ["pizza", "italian"], alt: "Illustration of a pizza slice on a warm red background" },
  { file: "italian-wine.webp", kinds: ["italian"], alt: "Illustration of a glass of red wine and crossed cutlery" },
  {
    file: "italian-chef.webp",
    kinds: ["italian", "pizza"],
    alt: "Illustration of a chef's hat on an olive green background",
  },
  {
    file: "chinese-soup.webp",
    kinds: ["chinese"],
    alt: "Illustration of a steaming bowl of soup on a red and gold background",
  },
  { file: "chinese-wok.webp", kinds: ["chinese"], alt: "Illustration of a cooking pot over a flame" },
  { file: "chinese-fish.webp", kinds: ["chinese"], alt: "Illustration of a whole fish on a deep red background" },
  { file: "mexican-taco.webp", kinds: ["mexican"], alt: "Illustration of a taco on a sunny orange background" },
  { file: "mexican-lime.webp", kinds: ["mexican"], alt: "Illustration of a lime slice and a chili flame on green" },
  { file: "indian-curry.webp", kinds: ["indian"], alt: "Illustration of a curry pot on a saffron background" },
  {
    file: "indian-spice.webp",
    kinds: ["indian"],
    alt: "Illustration of a flame with wheat and beans in turmeric tones",
  },
  { file: "coffee.webp", kinds: ["cafe"], alt: "Illustration of a cup of coffee on a caramel background" },
  {
    file: "cafe-croissant.webp",
    kinds: ["cafe", "bakery"],
    alt: "Illustration of a croissant on a soft peach background",
  },
  { file: "bakery-cake.webp", kinds: ["bakery", "cafe"], alt: "Illustration of a slice of cake on a pink background" },
  {
    file: "bar-beer.webp",
    kinds: ["american", "bar", "pub"],
    alt: "Illustration of a pint of beer on a deep amber background",
  },
  { file: "diner-burger.webp", kinds: ["american"], alt: "Illustration of a hamburger on a teal background" },
  { file: "clothing-shirt.webp", kinds: ["clothing"], alt: "Illustration of a shirt on a dusty blue background" },
  { file: "clothing-bag.webp", kinds: ["clothing", "shop"], alt: "Illustration of a shopping bag and scissors" },
  { file: "jewelry-gem.webp", kinds: ["jewelry"], alt: "Illustration of a cut gemstone on a violet background" },
  { file: "jewelry-watch.webp", kinds: ["jewelry"], alt: "Illustration of a wristwatch on a navy and gold background" },
  { file: "gifts-box.webp", kinds: ["gifts"], alt: "Illustration of a wrapped gift box on a coral background" },
  { file: "gifts-party.webp", kinds: ["gifts"], alt: "Illustration of a party popper and flowers" },
  { file: "home-lamp.webp", kinds: ["home"], alt: "Illustration of a floor lamp on a sage green background" },
  { file: "home-sofa.webp", kinds: ["home"], alt: "Illustration of a sofa on a warm sand background" },
  {
    file: "plumbing-wrench.webp",
    kinds: ["plumbing"],
    alt: "Illustration of a wrench and water droplets on a blue background",
  },
  { file: "plumbing-shower.webp", kinds: ["plumbing"], alt: "Illustration of a shower head on an aqua background" },
  {
    file: "electrical-bolt.webp",
    kinds: ["electrical"],
    alt: "Illustration of a lightning bolt on a yellow background",
  },
  {
    file: "electrical-bulb.webp",
    kinds: ["electrical"],
    alt: "Illustration of a light bulb and a plug on a dark background",
  },
  {
    file: "cleaning-sparkles.webp",
    kinds: ["cleaning"],
    alt: "Illustration of sparkles and a spray bottle on a mint background",
  },
  {
    file: "landscaping-leaf.webp",
    kinds: ["landscaping"],
    alt: "Illustration of a leaf and trees on a fresh green background",
  },
  {
    file: "landscaping-shovel.webp",
    kinds: ["landscaping"],
    alt: "Illustration of a shovel and a sprout on an earthy background",
  },
  { file: "theater-masks.webp", kinds: ["theater"], alt: "Illustration of theater masks on a crimson background" },
  {
    file: "theater-film.webp",
    kinds: ["theater"],
    alt: "Illustration of a clapperboard and tickets on a plum background",
  },
  {
    file: "arcade-joystick.webp",
    kinds: ["arcade", "bar"],
    alt: "Illustration of an arcade joystick on a neon purple background",
  },
  {
    file: "arcade-gamepad.webp",
    kinds: ["arcade"],
    alt: "Illustration of a game controller on an electric blue background",
  },
  { file: "escape-key.webp", kinds: ["escape"], alt: "Illustration of a key and a padlock on a dark teal background" },
  {
    file: "escape-puzzle.webp",
    kinds: ["escape"],
    alt: "Illustration of a puzzle piece on a midnight blue background",
  },
  {
    file: "attractions-ferris.webp",
    kinds: ["attractions"],
    alt: "Illustration of a Ferris wheel on a sky blue background",
  },
  {
    file: "attractions-coaster.webp",
    kinds: ["attractions"],
    alt: "Illustration of a roller coaster on a sunset background",
  },
  // Issue 34: the groups beyond the spec's four.
  { file: "dentist-smile.webp", kinds: ["dentist"], alt: "Illustration of a smile and sparkles on an aqua background" },
  { file: "doctor-stethoscope.webp", kinds: ["doctor"], alt: "Illustration of a stethoscope and a heartbeat on blue" },
  { file: "vet-paw.webp", kinds: ["vet"], alt: "Illustration of a paw print and a heart on a mint background" },
  { file: "groomer-dog.webp", kinds: ["groomer"], alt: "Illustration of a dog and scissors on a peach background" },
  { file: "barber-scissors.webp", kinds: ["barber"], alt: "Illustration of a pair of scissors on a navy background" },
  { file: "nails-hand.webp", kinds: ["nails"], alt: "Illustration of a hand and a gem on a pink background" },
  { file: "bank-landmark.webp", kinds: ["bank"], alt: "Illustration of a bank building and coins on sage green" },
  { file: "gym-dumbbell.webp", kinds: ["gym"], alt: "Illustration of a dumbbell and a timer on charcoal" },
  { file: "yoga-sun.webp", kinds: ["yoga"], alt: "Illustration of a sun and a flower on a yellow background" },
  { file: "auto-car.webp", kinds: ["auto"], alt: "Illustration of a car and a wrench on an electric blue background" },
  { file: "hotel-bed.webp", kinds: ["hotel"], alt: "Illustration of a double bed and a key on a plum background" },
  { file: "library-book.webp", kinds: ["library"], alt: "Illustration of an open book on a caramel background" },
  {
    file: "church-bell.webp",
    kinds: ["church"],
    alt: "Illustration of a church and a bell on a dusty blue background",
  },
  { file: "tutoring-cap.webp", kinds: ["tutoring"], alt: "Illustration of a graduation cap and a book on violet" },
  {
    file: "lawyer-scale.webp",
    kinds: ["lawyer"],
    alt: "Illustration of the scales of justice on a midnight background",
  },
];
